export default function FolderPage() {
  return <div className="container page">FolderPage</div>;
}
