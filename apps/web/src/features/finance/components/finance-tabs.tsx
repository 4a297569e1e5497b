import '@mantine/core/styles/Tabs.layer.css';
import { Tabs } from '@mantine/core';
import type { Permission } from '@tutoria/shared';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentUser } from '@/features/auth';
import { paths } from '@/lib/paths';

/** The finance screens under /admin/finance (SPEC §2), each shown to those who may use it. */
const financeTabs: {
  key:
    | 'financeDeposit'
    | 'financeTransfer'
    | 'financeSettlement'
    | 'financeFee'
    | 'financeDebtors'
    // side costs (issue 28)
    | 'financeSideCosts'
    // the financial report (issue 28)
    | 'financeReport'
    // profit per class and per consultant (issue 28)
    | 'financeProfit';
  permission: Permission;
}[] = [
  { key: 'financeDeposit', permission: 'finance.read' },
  { key: 'financeTransfer', permission: 'finance.read' },
  // teacher settlements (issue 28)
  { key: 'financeSettlement', permission: 'settlements.manage' },
  { key: 'financeFee', permission: 'teacherFees.manage' },
  { key: 'financeDebtors', permission: 'finance.read' },
  // side costs (issue 28)
  { key: 'financeSideCosts', permission: 'finance.read' },
  // the financial report (issue 28): the whole centre's money, as teacher pay is (FinancialAdmin, Admin)
  { key: 'financeReport', permission: 'settlements.manage' },
  // profit per class and per consultant (issue 28)
  { key: 'financeProfit', permission: 'settlements.manage' },
];

/** Tabs between the finance screens; the route titles name them. */
export function FinanceTabs() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const permissions = useCurrentUser()?.permissions ?? [];
  const tabs = financeTabs.filter((tab) => permissions.includes(tab.permission));
  if (tabs.length < 2) return null;
  return (
    <Tabs value={pathname} onChange={(value) => value && void navigate(value)} mb="lg">
      <Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Tab key={tab.key} value={paths[tab.key].path}>
            {t(`titles.${tab.key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
