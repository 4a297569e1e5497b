import { adminNav } from './navigation';
import { SignedInShell } from './signed-in-shell';

export function AdminLayout() {
  return <SignedInShell entries={adminNav} />;
}
