import { describe, expect, it } from 'vitest';
import { databaseName, newMongoClient } from './connect';

describe('the MongoDB database every adapter uses', () => {
  it('is the one the URL names, else luavault (never the driver default `test`)', () => {
    expect(databaseName('mongodb://mongo:27017')).toBe('luavault');
    expect(databaseName('mongodb://mongo:27017/')).toBe('luavault');
    expect(databaseName('mongodb://mongo:27017/?replicaSet=rs0')).toBe('luavault');
    expect(databaseName('mongodb://mongo:27017?directConnection=true')).toBe('luavault');
    expect(databaseName('mongodb://a:1,b:2,c:3/?replicaSet=rs0&w=majority')).toBe('luavault');
    expect(databaseName('mongodb://mongo:27017/scripts')).toBe('scripts');
    expect(databaseName('mongodb://user:p%2Fss@a:1,b:2/prod?replicaSet=rs0')).toBe('prod');
    expect(databaseName('mongodb+srv://user:secret@cluster0.example.net/lv-prod?retryWrites=true')).toBe('lv-prod');
    expect(databaseName('mongodb+srv://cluster0.example.net')).toBe('luavault');
  });

  it('can be overridden (tests, rebuild databases)', () => {
    expect(databaseName('mongodb://mongo:27017/scripts', 'rebuild_1')).toBe('rebuild_1');
  });

  it('is reached by a client that leaves undefined fields out instead of storing null', async () => {
    const client = newMongoClient('mongodb://127.0.0.1:1/?serverSelectionTimeoutMS=10');
    expect(client.bsonOptions.ignoreUndefined).toBe(true);
    expect(client.db('luavault').collection('scripts').bsonOptions.ignoreUndefined).toBe(true);
    expect(client.db().databaseName).toBe('test'); // why databaseName exists: the driver's own default
    await client.close();
  });
});
