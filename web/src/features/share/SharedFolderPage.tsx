export default function SharedFolderPage() {
  return <div className="container page">SharedFolderPage</div>;
}
