export default function ScriptEditorPage() {
  return <div className="container page">ScriptEditorPage</div>;
}
