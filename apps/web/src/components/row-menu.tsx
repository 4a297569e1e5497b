import '@mantine/core/styles/Menu.layer.css';
import { ActionIcon, Menu, type MenuProps } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import {
  forwardRef,
  type ComponentPropsWithoutRef,
  type ReactNode,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

type DotsButtonProps = { label: string } & ComponentPropsWithoutRef<'button'>;

/** A row's "…" button: the menu's target once there is a menu. */
const DotsButton = forwardRef<HTMLButtonElement, DotsButtonProps>(function DotsButton(
  { label, ...props },
  ref,
) {
  return (
    <ActionIcon ref={ref} variant="subtle" color="gray" aria-label={label} {...props}>
      <IconDots size={18} />
    </ActionIcon>
  );
});

interface RowMenuProps {
  /** The button's accessible name ("Actions for Alex Qian"). */
  label: string;
  /** The menu's items (`Menu.Item`, `Menu.Divider`…). */
  children: ReactNode;
  width?: MenuProps['width'];
  /** The menu opened: what it leads to is likely next (a dialog's code can start loading). */
  onOpen?: () => void;
}

/**
 * A table row's "…" menu. A page of rows draws a plain button each; the menu (a popover with its
 * positioning, portal and focus handling) is made on the first click and opens at once, then
 * stays (issue 9: ten rows made ten popovers as the page loaded, and each made the page render
 * again as it mounted). The button keeps the focus across the change.
 */
export function RowMenu({ label, children, width, onOpen }: RowMenuProps) {
  const [made, setMade] = useState(false);
  const [opened, setOpened] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const hadFocus = useRef(false);
  // Made closed, then opened: the menu then sees the button as what had the focus, and gives it back
  // when it closes, as a menu there from the start does.
  useLayoutEffect(() => {
    if (!made) return;
    if (hadFocus.current) target.current?.focus();
    setOpened(true);
  }, [made]);
  if (!made) {
    return (
      <DotsButton
        ref={target}
        label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => {
          hadFocus.current = document.activeElement === target.current;
          onOpen?.();
          setMade(true);
        }}
      />
    );
  }
  return (
    <Menu
      position="bottom-end"
      withinPortal
      shadow="md"
      width={width}
      opened={opened}
      onChange={setOpened}
      onOpen={onOpen}
    >
      <Menu.Target>
        <DotsButton ref={target} label={label} />
      </Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
