import '@mantine/core/styles/SimpleGrid.layer.css';
import {
  Anchor,
  Button,
  Container,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconClock, IconLogin2, IconMail, IconMapPin, IconPhone, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { getClientConfig } from '@/lib/client-config';

interface ContactItem {
  key: 'address' | 'phone' | 'email' | 'hours';
  icon: Icon;
  value: string;
  render: (value: string) => ReactNode;
}

/** The centre's details from the server's settings; an empty detail is left out. */
export function ContactPage() {
  const { t } = useTranslation('landing');
  const { centre } = getClientConfig();
  const items: ContactItem[] = [
    { key: 'address', icon: IconMapPin, value: centre.address, render: (value) => value },
    {
      key: 'phone',
      icon: IconPhone,
      value: centre.phone,
      render: (value) => <Anchor href={`tel:${value.replace(/[^\d+]/g, '')}`}>{value}</Anchor>,
    },
    {
      key: 'email',
      icon: IconMail,
      value: centre.email,
      render: (value) => <Anchor href={`mailto:${value}`}>{value}</Anchor>,
    },
    { key: 'hours', icon: IconClock, value: centre.hours, render: (value) => value },
  ];

  return (
    <Container size="lg" py={{ base: 48, md: 80 }}>
      <Stack gap="xs" mb={40} maw={640}>
        <Title order={1} fz={{ base: 30, md: 40 }}>
          {t('contact.title')}
        </Title>
        <Text size="lg" c="dimmed">
          {t('contact.subtitle')}
        </Text>
      </Stack>
      <Paper withBorder radius="lg" p={{ base: 'lg', md: 'xl' }} mb="xl">
        <Title order={2} size="h3" mb="lg">
          {centre.name}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          {items
            .filter((item) => item.value.trim() !== '')
            .map(({ key, icon: ItemIcon, value, render }) => (
              <Group key={key} align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon size={44} radius="md" variant="light">
                  <ItemIcon size={22} stroke={1.6} />
                </ThemeIcon>
                <Stack gap={2}>
                  <Text size="sm" c="dimmed" fw={500}>
                    {t(`contact.${key}`)}
                  </Text>
                  <Text fw={500} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                    {render(value)}
                  </Text>
                </Stack>
              </Group>
            ))}
        </SimpleGrid>
      </Paper>
      <Group gap="md">
        <Text c="dimmed">{t('contact.signInHint')}</Text>
        <Button
          component={Link}
          to={paths.authLogin.path}
          variant="light"
          leftSection={<IconLogin2 size={18} />}
        >
          {t('footer.signIn')}
        </Button>
      </Group>
    </Container>
  );
}
