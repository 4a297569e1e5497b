import { Anchor, Group, Text, type MantineSize } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { type NamedStudent, studentPagePath } from '../lib/student-page-path';

let preloaded = false;

/**
 * The page's code and the code of its first two calls load on intent (the pointer reaches a name
 * or it takes focus), as a list's dialogs do: by the click, the page's loader is in and asks for
 * the overview and the week first, instead of waiting behind the page's chunks.
 */
function preloadStudentPage() {
  if (preloaded) return;
  preloaded = true;
  void import('../api/student-page-loader');
  void import('../pages/student-page');
}

interface NameLinkProps {
  /** Where the name leads; null: the plain name. */
  to: string | null;
  children: ReactNode;
  size?: MantineSize;
  fw?: number;
  /** Cut to one line (a roster row beside its buttons). */
  truncate?: boolean;
}

/** A name drawn the same size and weight whether it links or not. */
export function NameLink({ to, children, size = 'sm', fw, truncate }: NameLinkProps) {
  if (!to) {
    return (
      <Text size={size} fw={fw} truncate={truncate}>
        {children}
      </Text>
    );
  }
  return (
    <Anchor
      component={Link}
      to={to}
      size={size}
      fw={fw}
      truncate={truncate}
      display={truncate ? 'block' : undefined}
      onPointerEnter={preloadStudentPage}
      onFocus={preloadStudentPage}
    >
      {children}
    </Anchor>
  );
}

/**
 * A student's name where it appears in another page: a link to their page when the viewer may
 * open it (studentPagePath), else the plain name. A table that has the signed-in user at hand
 * draws `NameLink` with `studentPagePath` itself instead (one hook less per row).
 */
export function StudentName({
  children,
  size,
  fw,
  truncate,
  ...student
}: Omit<NameLinkProps, 'to'> & NamedStudent) {
  return (
    <NameLink to={studentPagePath(useCurrentUser(), student)} size={size} fw={fw} truncate={truncate}>
      {children}
    </NameLink>
  );
}

/**
 * A link to a student's page beside a heading that already names them (a course plan, a session
 * report); nothing where the viewer may not open it.
 */
export function StudentPageLink({ children, ...student }: { children: ReactNode } & NamedStudent) {
  const to = studentPagePath(useCurrentUser(), student);
  if (!to) return null;
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      onPointerEnter={preloadStudentPage}
      onFocus={preloadStudentPage}
    >
      <Group component="span" gap={4} wrap="nowrap">
        <IconUser size={14} aria-hidden />
        {children}
      </Group>
    </Anchor>
  );
}
