export default function SharedScriptPage() {
  return <div className="container page">SharedScriptPage</div>;
}
