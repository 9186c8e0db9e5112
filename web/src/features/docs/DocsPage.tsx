import { useEffect, useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ArrowLeftIcon } from '../../components/ui/icons';
import { docSections } from './sections';
import './docs.css';

const DEFAULT_SECTION = docSections[0]!;

/** /docs: a sidebar of sections; the open one is named by the URL hash (/docs#version-control) so it can be linked. */
export default function DocsPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const hashId = decodeURIComponent(location.hash.replace(/^#/, ''));
  const active = docSections.find((s) => s.id === hashId) ?? DEFAULT_SECTION;
  const firstRender = useRef(true);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [active.id]);

  return (
    <div className="lv-docs">
      <Link to="/" className="lv-docs__back">
        <ArrowLeftIcon size={16} /> Back to Home
      </Link>
      <h1 className="lv-docs__title">Documentation</h1>
      <div className="lv-docs__layout">
        <nav className="lv-docs__sidebar" aria-label="Documentation sections">
          <ul>
            {docSections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className={`lv-docs__nav-link ${section.id === active.id ? 'is-active' : ''}`}
                  aria-current={section.id === active.id ? 'page' : undefined}
                  onClick={(e) => {
                    e.preventDefault();
                    navigate({ hash: section.id }, { replace: false });
                  }}
                >
                  {section.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <article className="lv-docs__content" aria-labelledby="docs-section-title">
          <h2 id="docs-section-title" ref={headingRef} tabIndex={-1}>
            {active.title}
          </h2>
          {active.body()}
        </article>
      </div>
    </div>
  );
}
