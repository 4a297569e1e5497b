import { lazy, Suspense, useState } from 'react';
import { LanguageButton } from './language-button';

const loadMenu = () => import('./language-menu');
const LanguageMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageMenu })));

/**
 * English / 中文 switch; the choice is kept and `<html lang>` follows (SPEC §1). The first pages
 * show only the button: the menu (and the positioning code behind every dropdown) loads when the
 * pointer or focus reaches it, and opens on the click (DESIGN §11).
 */
export function LanguageSwitch({ variant = 'subtle' }: { variant?: 'subtle' | 'white' }) {
  const [menu, setMenu] = useState(false);
  if (menu) {
    return (
      <Suspense fallback={<LanguageButton variant={variant} />}>
        <LanguageMenu variant={variant} />
      </Suspense>
    );
  }
  return (
    <LanguageButton
      variant={variant}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setMenu(true)}
    />
  );
}
