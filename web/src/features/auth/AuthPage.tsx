export default function AuthPage() {
  return <div className="container page">AuthPage</div>;
}
