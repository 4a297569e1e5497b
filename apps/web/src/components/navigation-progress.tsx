import { Progress } from '@mantine/core';
import { useNavigation } from 'react-router';
import classes from './navigation-progress.module.css';

/** A thin bar while a route's code or data loads, so a slow network never looks frozen. */
export function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <Progress className={classes.bar} value={100} animated size="xs" radius={0} aria-hidden />;
}
