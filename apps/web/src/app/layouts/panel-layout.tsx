import { panelNav } from './navigation';
import { SignedInShell } from './signed-in-shell';

export function PanelLayout() {
  return <SignedInShell entries={panelNav} />;
}
