/** Placeholder (issue 4 replaces this file). */
export default function AdminPage() {
  return (
    <div className="container page">
      <h1>Admin Dashboard</h1>
    </div>
  );
}
