/** Placeholder (issue 4 replaces this file). */
export default function ApiKeysPage() {
  return (
    <div className="container page">
      <h1>API Keys</h1>
    </div>
  );
}
