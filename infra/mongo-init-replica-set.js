// Run by the `mongo-init` service (mongosh) on every `docker compose up`: initiates the one-member replica set rs0
// the first time, does nothing after that, and exits 0 only once the member is a writable primary.
// The member's host is the compose service name, so every container (and the driver's replica-set discovery)
// reaches it as mongo:27017.
const config = { _id: 'rs0', members: [{ _id: 0, host: 'mongo:27017' }] };
const NOT_YET_INITIALIZED = 94;
const ALREADY_INITIALIZED = 23;

function replicaSetStatus() {
  // mongosh throws on { ok: 0 }; older shells return it. Handle both.
  try {
    return db.adminCommand({ replSetGetStatus: 1 });
  } catch (error) {
    return { ok: 0, code: error.code, codeName: error.codeName, errmsg: error.message };
  }
}

const status = replicaSetStatus();
if (status.ok === 1) {
  print(`replica set ${status.set} already initiated`);
} else if (status.code === NOT_YET_INITIALIZED) {
  try {
    const answer = rs.initiate(config);
    if (answer && answer.ok === 0 && answer.code !== ALREADY_INITIALIZED) {
      print(`rs.initiate failed: ${JSON.stringify(answer)}`);
      quit(1);
    }
    print('replica set rs0 initiated');
  } catch (error) {
    if (error.code !== ALREADY_INITIALIZED) throw error;
    print('replica set rs0 was initiated concurrently');
  }
} else {
  print(`unexpected replSetGetStatus answer (is mongod running with --replSet rs0?): ${JSON.stringify(status)}`);
  quit(1);
}

// The application's first write must not race the election.
for (let attempt = 0; attempt < 60; attempt++) {
  if (db.hello().isWritablePrimary) {
    print('primary ready');
    quit(0);
  }
  sleep(1000);
}
print('no writable primary after 60 s');
quit(1);
