import { useEffect, useId, useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api-client';

/**
 * The "Move" dialog of a script or a folder: a destination among `options` or the root, then `move`. What moves, where
 * it may go and the words differ (`kind`, `name`, the root's label); the form, the busy state and the toasts do not.
 */
export function MoveDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  kind: 'Script' | 'Folder';
  name: string;
  description: string;
  /** where it is now: '' for the root */
  current: string;
  options: { id: string; label: string }[];
  rootLabel: string;
  move: (target: string | null) => Promise<unknown>;
}) {
  const { open, onOpenChange, kind, name, description, current, options, rootLabel, move } = props;
  const [target, setTarget] = useState('');
  const [busy, setBusy] = useState(false);
  const selectId = useId();
  useEffect(() => {
    if (open) setTarget(current);
  }, [open, current]);
  const submit = async () => {
    setBusy(true);
    try {
      await move(target || null);
      const where = target ? `“${options.find((o) => o.id === target)?.label ?? 'folder'}”` : rootLabel;
      toast({ title: `${kind} moved`, description: `“${name}” moved to ${where}.` });
      onOpenChange(false);
    } catch (err) {
      toast({ title: `Failed to move ${kind.toLowerCase()}`, description: errorMessage(err), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={`Move ${kind}`}
      description={description}
      size="sm"
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={busy || target === current}>
            {busy ? 'Moving...' : 'Move'}
          </Button>
        </>
      }
    >
      <div className="field">
        <label className="label" htmlFor={selectId}>
          Destination folder
        </label>
        <select id={selectId} className="input" value={target} onChange={(e) => setTarget(e.target.value)}>
          <option value="">Root (no folder)</option>
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {o.label}
            </option>
          ))}
        </select>
      </div>
    </Dialog>
  );
}
