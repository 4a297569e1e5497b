import '@mantine/core/styles/SimpleGrid.layer.css';
import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { FinancialReport } from '@tutoria/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import figures from '@/lib/figures.module.css';
import { formatMoney } from '@/lib/format';
import { currentLanguage } from '@/lib/i18n';
import { periodPrefix, reportLinks } from './financial-report-links';

/** One figure: its name and the amount, a link to the rows behind it. */
function Figure({
  label,
  amount,
  to,
  strong = false,
  testId,
}: {
  label: string;
  amount: number;
  to: string;
  strong?: boolean;
  testId?: string;
}) {
  const { t } = useTranslation('financeReport');
  const language = currentLanguage();
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm" fw={strong ? 700 : 400}>
        {label}
      </Text>
      <Anchor
        component={Link}
        to={to}
        size={strong ? 'lg' : 'sm'}
        fw={strong ? 700 : 500}
        className={figures.figures}
        aria-label={`${t('open', { figure: label })}: ${formatMoney(amount, language)}`}
        data-testid={testId}
      >
        {formatMoney(amount, language)}
      </Anchor>
    </Group>
  );
}

function Section({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="lg" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
        {children}
      </Stack>
    </Paper>
  );
}

/**
 * The report's figures as cards: money in (by class or contract, by payment method), money out
 * (teaching salary, other payments), revenue recognised, and the balances at the end of the period;
 * each amount opens the list of the rows behind it — the deposits and settlements of the period when
 * it is one year, month or day, else all of them (said under the cards).
 */
export function FinancialReportFigures({ report }: { report: FinancialReport }) {
  const { t } = useTranslation(['financeReport', 'finance']);
  const { moneyIn, moneyOut, revenue } = report;
  const period = periodPrefix(report.from, report.to);
  return (
    <>
      <SimpleGrid
        cols={{ base: 1, sm: 2, lg: 4 }}
        mb={period ? 'lg' : 'xs'}
        data-testid="financial-report-figures"
      >
        <Section title={t('moneyIn')} hint={t('moneyInHint')}>
          <Figure
            label={t('moneyIn')}
            amount={moneyIn.total}
            to={reportLinks.deposits({ within: period })}
            strong
            testId="report-money-in"
          />
          <Figure
            label={t('classDeposits')}
            amount={moneyIn.classDeposits}
            to={reportLinks.deposits({ within: period })}
          />
          <Figure
            label={t('contractPayments')}
            amount={moneyIn.contractPayments}
            to={reportLinks.contracts()}
          />
          <Text size="xs" c="dimmed" fw={700} tt="uppercase" mt="xs">
            {t('byMethod')}
          </Text>
          {moneyIn.byMethod.map((m) => (
            <Figure
              key={m.paymentMethod}
              label={t(`finance:paymentMethods.${m.paymentMethod}`)}
              amount={m.total}
              to={reportLinks.deposits({ paymentMethod: m.paymentMethod, within: period })}
            />
          ))}
        </Section>
        <Section title={t('moneyOut')} hint={t('moneyOutHint')}>
          <Figure
            label={t('moneyOut')}
            amount={moneyOut.total}
            to={reportLinks.settlements({ within: period })}
            strong
            testId="report-money-out"
          />
          <Figure
            label={t('teachingSalary')}
            amount={moneyOut.teachingSalary}
            to={reportLinks.settlements({ type: 'TeachingSalary', within: period })}
          />
          <Figure
            label={t('otherPayments')}
            amount={moneyOut.otherPayments}
            to={reportLinks.settlements({ type: 'OtherPayments', within: period })}
          />
        </Section>
        <Section title={t('revenue')} hint={t('revenueHint')}>
          <Figure
            label={t('revenue')}
            amount={revenue.total}
            to={reportLinks.balances()}
            strong
            testId="report-revenue"
          />
          <Figure label={t('sessions')} amount={revenue.sessions} to={reportLinks.balances()} />
          <Figure label={t('sideCosts')} amount={revenue.sideCosts} to={reportLinks.sideCosts()} />
          <Figure label={t('contracts')} amount={revenue.contracts} to={reportLinks.contracts()} />
        </Section>
        <Section title={t('atEnd')} hint={t('debtorsNote')}>
          <Figure
            label={t('unpaid')}
            amount={report.unpaidTeacherEarnings}
            to={reportLinks.teacherSums()}
            testId="report-unpaid"
          />
          <Figure
            label={t('credit')}
            amount={report.studentCredit}
            to={reportLinks.balances()}
            testId="report-credit"
          />
          <Figure
            label={t('debtors')}
            amount={report.debtors.owed}
            to={reportLinks.debtors()}
            testId="report-owed"
          />
          <Text size="xs" c="dimmed">
            {t('debtorCount', { count: report.debtors.count })}
          </Text>
        </Section>
      </SimpleGrid>
      {period ? null : (
        <Text size="xs" c="dimmed" mb="lg" data-testid="report-lists-all">
          {t('listsAll')}
        </Text>
      )}
    </>
  );
}
