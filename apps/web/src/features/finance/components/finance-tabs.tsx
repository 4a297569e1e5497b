import '@mantine/core/styles/Tabs.layer.css';
import { Tabs } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '@/lib/paths';
import { isRouteBuilt } from '@/lib/routes';

/** SPEC §2's finance screens, in its order; a tab shows once its page is built. */
const financeTabs = ['financeDeposit', 'financeSettlement', 'financeTransfer', 'financeFee'] as const;

/** The tabs above every `/admin/finance/…` page: deposit (the default), settlement, transfer, fee. */
export function FinanceTabs() {
  const { t } = useTranslation('common');
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const built = financeTabs.filter((key) => isRouteBuilt(paths[key].path));
  if (built.length < 2) return null;
  return (
    <Tabs value={pathname} onChange={(value) => value && void navigate(value)} mb="lg">
      <Tabs.List>
        {built.map((key) => (
          <Tabs.Tab key={key} value={paths[key].path}>
            {t(`titles.${key}`)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
