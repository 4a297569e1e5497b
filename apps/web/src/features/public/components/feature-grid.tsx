import '@mantine/core/styles/SimpleGrid.layer.css';
import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBell,
  IconCalendarTime,
  IconChartLine,
  IconClipboardCheck,
  IconFileCertificate,
  IconLanguage,
  IconLink,
  IconWallet,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const features = [
  { key: 'classes', icon: IconCalendarTime, color: 'indigo' },
  { key: 'records', icon: IconClipboardCheck, color: 'violet' },
  { key: 'reports', icon: IconChartLine, color: 'teal' },
  { key: 'finance', icon: IconWallet, color: 'grape' },
  { key: 'plans', icon: IconFileCertificate, color: 'cyan' },
  { key: 'notifications', icon: IconBell, color: 'orange' },
  { key: 'parents', icon: IconLink, color: 'blue' },
  { key: 'languages', icon: IconLanguage, color: 'green' },
] as const;

export function FeatureGrid() {
  const { t } = useTranslation('landing');
  return (
    <Container size="lg" py={{ base: 56, md: 88 }}>
      <Stack align="center" gap="xs" ta="center" mb={48}>
        <Title order={2} fz={{ base: 26, md: 34 }}>
          {t('features.title')}
        </Title>
        <Text c="dimmed" size="lg" maw={640}>
          {t('features.subtitle')}
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
        {features.map(({ key, icon: FeatureIcon, color }) => (
          <Paper key={key} withBorder radius="lg" p="lg">
            <Stack gap="sm">
              <ThemeIcon size={44} radius="md" variant="light" color={color}>
                <FeatureIcon size={24} stroke={1.6} />
              </ThemeIcon>
              <Text fw={600}>{t(`features.${key}.title`)}</Text>
              <Text size="sm" c="dimmed">
                {t(`features.${key}.body`)}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Container>
  );
}
