// A message that starts with the spec's "✅" (e.g. '✅ Profile updated successfully!'): the emoji renders as an
// empty box where no emoji font is installed, so the check is drawn as an icon and the words follow as written.
import { Icon } from './icon';

const CHECK = '✅';

export function MessageText({ text }: { text: string }) {
  if (!text.startsWith(CHECK)) return <>{text}</>;
  return (
    <span className="inline-flex items-start gap-2">
      <span data-testid="check-icon" className="shrink-0 text-success-400">
        <Icon name="check" size={18} />
      </span>
      <span>{text.slice(CHECK.length).trimStart()}</span>
    </span>
  );
}
