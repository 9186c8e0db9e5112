import { useState } from 'react';
import { Button } from '../../components/ui/Button';
import { PlusIcon } from '../../components/ui/icons';
import { Tab, TabList, TabPanel, Tabs } from '../../components/ui/Tabs';
import type { CreatedApiKey } from './api/api-keys';
import { ApiExamples } from './components/ApiExamples';
import { ApiKeyList } from './components/ApiKeyList';
import { CliTool } from './components/CliTool';
import { CreateApiKeyDialog } from './components/CreateApiKeyDialog';
import { NewKeyBanner } from './components/NewKeyBanner';
import './api-keys.css';

/** /api-keys: create, list and delete personal API keys, ready-to-paste examples of the public API, and the CLI. */
export default function ApiKeysPage() {
  const [tab, setTab] = useState('keys');
  const [dialogOpen, setDialogOpen] = useState(false);
  // The full secret lives only here, in memory, until the user confirms they saved it.
  const [created, setCreated] = useState<CreatedApiKey | null>(null);

  return (
    <div className="container page lv-keys">
      <div className="page-header">
        <div>
          <h1>API Keys</h1>
          <p className="muted">Personal keys for command-line tools and automated workflows. A key acts with your account's rights.</p>
        </div>
        <Button onClick={() => setDialogOpen(true)}>
          <PlusIcon /> Create API Key
        </Button>
      </div>

      {created && <NewKeyBanner created={created} onDismiss={() => setCreated(null)} />}

      <Tabs value={tab} onValueChange={setTab}>
        <TabList label="API keys">
          <Tab value="keys">Your API Keys</Tab>
          <Tab value="examples">API Examples</Tab>
        </TabList>
        <TabPanel value="keys">
          <ApiKeyList onCreate={() => setDialogOpen(true)} />
        </TabPanel>
        <TabPanel value="examples">
          <ApiExamples newKey={created?.key ?? null} />
        </TabPanel>
      </Tabs>

      <CliTool />

      <CreateApiKeyDialog open={dialogOpen} onOpenChange={setDialogOpen} onCreated={setCreated} />
    </div>
  );
}
