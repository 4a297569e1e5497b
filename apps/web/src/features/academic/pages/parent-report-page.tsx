import '@mantine/core/styles/Skeleton.layer.css';
import '@mantine/core/styles/SegmentedControl.layer.css';
import '@mantine/core/styles/FloatingIndicator.layer.css';
import {
  Button,
  Container,
  Group,
  Paper,
  SegmentedControl,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { IconLinkOff, IconPrinter } from '@tabler/icons-react';
import { type Language, languages, parentLanguageParam } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { getClientConfig } from '@/lib/client-config';
import { formatEpoch } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';
import { useParentReport } from '../api/session-report';
import classes from '../components/report-print.module.css';
import { SessionReportView } from '../components/session-report-view';

/**
 * `/parent/report/{reportId}` (SPEC §2, DESIGN §7 Parent report): a parent's read-only view of one
 * student's session, without sign-in; kept out of search engines; prints as the report alone. It
 * opens in the link's language (`?lang=`), else the browser's (issue 27; lib/parent-page-language.ts),
 * and its own switch changes it for this reader only: in the address (so a reload keeps it), never
 * in the link's stored language nor in this browser's saved app language. A link that opens
 * nothing says why (expired, withdrawn, not valid: the server's text), with no sign-in button.
 */
export function ParentReportPage() {
  // The page sits outside the signed-in shell, which holds the query layer's provider (issue 9).
  return (
    <QueryClientProvider client={queryClient}>
      <ParentReport />
    </QueryClientProvider>
  );
}

function ParentReport() {
  const { t, i18n } = useTranslation('academic');
  const { reportId = '' } = useParams();
  const [, setSearch] = useSearchParams();
  const { data, error, refetch } = useParentReport(reportId);
  const switchTo = async (language: Language) => {
    await i18n.changeLanguage(language);
    setSearch(
      (search) => {
        search.set(parentLanguageParam, language);
        return search;
      },
      { replace: true },
    );
    // The refusal's text is the server's, in the language asked in: ask again (a dead link counts nothing).
    if (error) void refetch();
  };
  return (
    <div className={classes.parentPage}>
      <header className={classes.parentHeader}>
        <Container size="md" py="sm">
          <Group justify="space-between" wrap="wrap" gap="sm">
            <Text fw={700} size="lg" data-testid="parent-centre">
              {data?.centreName ?? getClientConfig().centre.name}
            </Text>
            <Group gap="xs" wrap="nowrap" className={classes.hideOnPrint} data-testid="parent-chrome">
              <SegmentedControl
                size="xs"
                aria-label={t('parentPage.language')}
                data-testid="parent-language"
                value={currentLanguage(i18n)}
                onChange={(value) => void switchTo(value as Language)}
                data={languages.map((language) => ({
                  value: language,
                  label: <span lang={language}>{t(`parentLinks.languages.${language}`)}</span>,
                }))}
              />
              {data ? (
                <Button
                  variant="default"
                  size="compact-md"
                  leftSection={<IconPrinter size={16} />}
                  onClick={() => window.print()}
                >
                  {t('sessionReport.print')}
                </Button>
              ) : null}
            </Group>
          </Group>
        </Container>
      </header>
      <Container size="md" py="lg" component="main">
        {data ? (
          <Stack gap="md">
            <Stack gap={4}>
              <Title order={1} size="h2">
                {t('parentPage.title', { name: data.studentName })}
              </Title>
              <Text c="dimmed">{t('parentPage.subtitle', { centre: data.centreName })}</Text>
            </Stack>
            <SessionReportView report={data.report} />
            <Text size="xs" c="dimmed" ta="center">
              {t('parentPage.validUntil', { date: formatEpoch(data.expiresAt, 'date') })}
            </Text>
          </Stack>
        ) : error ? (
          <Paper withBorder radius="lg" p="xl" maw={560} mx="auto" data-testid="parent-link-dead">
            <Stack align="center" gap="sm" ta="center">
              <ThemeIcon size={56} radius="xl" variant="light" color="gray" aria-hidden>
                <IconLinkOff size={30} />
              </ThemeIcon>
              <Title order={1} size="h2">
                {t('parentPage.unavailable')}
              </Title>
              <Text c="dimmed" data-testid="parent-link-reason">
                {error.message}
              </Text>
            </Stack>
          </Paper>
        ) : (
          <Skeleton height={480} radius="lg" />
        )}
      </Container>
    </div>
  );
}
