import { Link } from 'react-router-dom';
import './legal.css';

export interface LegalSection {
  title: string;
  body: string[];
}

/** A static legal page: title, revision date and numbered sections. */
export function LegalDocument({ title, lastUpdated, sections }: { title: string; lastUpdated: string; sections: LegalSection[] }) {
  return (
    <article className="lv-legal">
      <Link to="/" className="lv-legal__back">
        &larr; Back to Home
      </Link>
      <h1>{title}</h1>
      <p className="lv-legal__updated">Last updated: {lastUpdated}</p>
      <ol className="lv-legal__sections">
        {sections.map((section, index) => (
          <li key={section.title} aria-labelledby={`legal-section-${index + 1}`}>
            <h2 id={`legal-section-${index + 1}`}>
              {index + 1}. {section.title}
            </h2>
            {section.body.map((paragraph) => (
              <p key={paragraph.slice(0, 40)}>{paragraph}</p>
            ))}
          </li>
        ))}
      </ol>
    </article>
  );
}
