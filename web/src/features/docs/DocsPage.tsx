/** Placeholder (issue 4 replaces this file). */
export default function DocsPage() {
  return (
    <div className="container page">
      <h1>Documentation</h1>
    </div>
  );
}
