import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import classes from './sign-in-cta.module.css';

export function SignInCta() {
  const { t } = useTranslation('landing');
  return (
    <Container size="lg" py={{ base: 56, md: 80 }}>
      <div className={classes.card}>
        <Group justify="space-between" align="center" gap="xl">
          <Stack gap="xs" maw={560}>
            <Title order={2} c="white" fz={{ base: 24, md: 30 }}>
              {t('cta.title')}
            </Title>
            <Text c="indigo.0" size="lg">
              {t('cta.body')}
            </Text>
          </Stack>
          <Button
            component={Link}
            to={paths.authLogin.path}
            size="lg"
            variant="white"
            leftSection={<IconLogin2 size={20} />}
          >
            {t('cta.button')}
          </Button>
        </Group>
      </div>
    </Container>
  );
}
