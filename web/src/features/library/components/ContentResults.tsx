import { Link } from 'react-router-dom';
import { Badge, Card } from '../../../components/ui/Card';
import { FileCodeIcon } from '../../../components/ui/icons';
import { paths } from '../../../config/paths';
import { useContentSearch } from '../../../api/search';
import type { ContentMatchLine, ContentSearchResult } from '../../../api/types';
import { splitByHighlights } from '../highlight-ranges';
import { CardList } from './CardList';
import { FolderTrail } from './Cards';
import './content-search.css';

/** The server cuts each line to this many characters: a line that long was probably longer. */
const LINE_CUT = 300;

/** "Matches inside scripts": full-text results (titles and contents), optionally over every version. */
export function ContentResults({
  query,
  allVersions,
  onAllVersionsChange,
}: {
  query: string;
  allVersions: boolean;
  onAllVersionsChange: (all: boolean) => void;
}) {
  const results = useContentSearch(query, allVersions);
  return (
    <section className="section" aria-labelledby="content-results-heading">
      <div className="section-header">
        <h2 id="content-results-heading">Matches inside scripts</h2>
        <label className="checkbox-row content-versions-option">
          <input type="checkbox" checked={allVersions} onChange={(e) => onAllVersionsChange(e.target.checked)} />
          Include all versions
        </label>
      </div>
      <CardList
        list={results}
        items={results.items ?? []}
        layout="list"
        empty={
          <p className="muted">
            No script {allVersions ? 'version ' : ''}has every word of “{query}” in its title or content.
            {!allVersions && ' Include all versions to search older versions too.'}
          </p>
        }
        loadMoreLabel="Load more matches"
        card={(match) => <ContentMatchCard key={`${match.scriptId}@${match.version}`} match={match} />}
      />
    </section>
  );
}

/**
 * One matching version of a script: where it is, which version, and its best matching lines (best first), each a link
 * to that line; the title opens the editor at the best one.
 */
function ContentMatchCard({ match }: { match: ContentSearchResult }) {
  const at = (line?: number) =>
    paths.scriptAt(match.scriptId, { line, version: match.current ? undefined : match.version, folderId: match.folderId });
  const name = match.current ? match.title : `${match.title}, version ${match.version}`;
  return (
    <Card className="item-card content-result">
      <div className="item-card-head">
        <FileCodeIcon size={18} className="item-icon" />
        <h3 className="item-title">
          <Link to={at(match.lines[0]?.line)}>{match.title}</Link>
        </h3>
        <Badge variant="secondary">v{match.version}</Badge>
        {!match.current && <Badge variant="outline">old version</Badge>}
      </div>
      <FolderTrail path={match.path} />
      {match.titleMatch && match.lines.length === 0 && <p className="muted small content-title-match">The title matches.</p>}
      {match.lines.length > 0 && (
        <ol className="match-lines" aria-label={`Matching lines in ${name}`}>
          {match.lines.map((line) => (
            <li key={line.line}>
              <MatchLineLink line={line} to={at(line.line)} />
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}

/** A matching line as a link: its number, then its text as written (indentation kept) with the query's words marked. */
function MatchLineLink({ line, to }: { line: ContentMatchLine; to: string }) {
  const pieces = splitByHighlights(line.text, line.highlights);
  return (
    <Link to={to} className="match-line">
      <span className="sr-only">Line {line.line}: </span>
      <span className="match-line-no" aria-hidden="true">
        {line.line}
      </span>
      <code className="match-line-text">
        {pieces.map((piece, i) => (piece.mark ? <mark key={i}>{piece.text}</mark> : <span key={i}>{piece.text}</span>))}
        {line.text.length >= LINE_CUT && <span aria-hidden="true">…</span>}
      </code>
    </Link>
  );
}
