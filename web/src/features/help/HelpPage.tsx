import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import { Input } from '../../components/ui/Input';
import { SearchIcon } from '../../components/ui/icons';
import { useAppConfig } from './api/get-config';
import { buildFaq, filterFaq } from './faq';
import { FaqAccordion } from './FaqAccordion';
import './help.css';

export default function HelpPage() {
  const config = useAppConfig();
  const [query, setQuery] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const items = useMemo(() => filterFaq(buildFaq(config), query), [config, query]);

  return (
    <div className="lv-help">
      <Link to="/" className="lv-help__back">
        &larr; Back to Home
      </Link>
      <header className="lv-help__header">
        <h1>Help Center</h1>
        <p>Answers to common questions about LuaVault.</p>
      </header>

      <div className="lv-help__search">
        <SearchIcon className="lv-help__search-icon" size={18} />
        <Input
          type="search"
          aria-label="Search help articles"
          placeholder="Search for answers..."
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </div>

      <section aria-label="Frequently asked questions">
        <h2 className="lv-help__section-title">Frequently Asked Questions</h2>
        {items.length === 0 ? (
          <div className="lv-help__empty" role="status">
            <p className="lv-help__empty-title">No results found</p>
            <p>Try a different search term, or read the <Link to="/docs">Documentation</Link>.</p>
          </div>
        ) : (
          <FaqAccordion items={items} openId={openId} onToggle={(id) => setOpenId((current) => (current === id ? null : id))} />
        )}
      </section>

      <section className="lv-help__more">
        <h2>Still need help?</h2>
        <p>
          The <Link to="/docs">Documentation</Link> explains the editor, version control, sharing and the public API in detail.
        </p>
      </section>
    </div>
  );
}
