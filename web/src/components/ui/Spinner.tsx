export function Spinner({ size = 20, label = 'Loading' }: { size?: number; label?: string }) {
  return (
    <span className="spinner" role="status" aria-label={label} style={{ width: size, height: size }}>
      <span className="sr-only">{label}</span>
    </span>
  );
}

export function FullScreenSpinner() {
  return (
    <div className="fullscreen-center">
      <Spinner size={40} />
    </div>
  );
}
