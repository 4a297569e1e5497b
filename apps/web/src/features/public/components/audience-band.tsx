import '@mantine/core/styles/SimpleGrid.layer.css';
import { Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconChalkboard, IconSchool, IconUserShield } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import classes from './audience-band.module.css';

const audiences = [
  { key: 'staff', icon: IconUserShield },
  { key: 'teachers', icon: IconChalkboard },
  { key: 'consultants', icon: IconBriefcase },
  { key: 'students', icon: IconSchool },
] as const;

export function AudienceBand() {
  const { t } = useTranslation('landing');
  return (
    <section className={classes.band}>
      <Container size="lg" py={{ base: 56, md: 80 }}>
        <Title order={2} ta="center" mb={40} fz={{ base: 26, md: 34 }}>
          {t('audience.title')}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xl">
          {audiences.map(({ key, icon: AudienceIcon }) => (
            <Group key={key} align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon
                size={48}
                radius="xl"
                variant="gradient"
                gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}
              >
                <AudienceIcon size={24} stroke={1.6} />
              </ThemeIcon>
              <Stack gap={4}>
                <Text fw={600} size="lg">
                  {t(`audience.${key}.title`)}
                </Text>
                <Text c="dimmed">{t(`audience.${key}.body`)}</Text>
              </Stack>
            </Group>
          ))}
        </SimpleGrid>
      </Container>
    </section>
  );
}
