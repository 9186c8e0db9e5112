export default function WorkspacePage() {
  return <div className="container page">WorkspacePage</div>;
}
