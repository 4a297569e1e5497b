import type { Permission } from '@tutoria/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderInApp } from '../../../../test/render';
import { type Confirmable, confirmationActions, ConfirmationStateBadge } from './confirmation-actions';

const step = { by: 'k', byName: 'Someone', at: 1, message: null };
const waiting: Confirmable = { state: 'waiting', consultantConfirmation: null, financialAdminConfirmation: null };
const can = (...granted: Permission[]) => (p: Permission) => granted.includes(p);

describe('the confirmation actions, one rule for deposits and transfers', () => {
  it('offers a deposit both steps in either order, each until taken', () => {
    const kind = 'deposit';
    const both = can('deposits.confirmAsConsultant', 'deposits.confirmAsFinancialAdmin');
    expect(confirmationActions(kind, waiting, both)).toEqual(['confirmByConsultant', 'confirmByFinancialAdmin']);
    expect(confirmationActions(kind, { ...waiting, financialAdminConfirmation: step }, both)).toEqual(['confirmByConsultant']);
    expect(confirmationActions(kind, { ...waiting, consultantConfirmation: step }, both)).toEqual(['confirmByFinancialAdmin']);
  });

  it("offers a transfer's financial-admin step only after the consultant's", () => {
    const kind = 'transfer';
    const both = can('transfers.confirmAsConsultant', 'transfers.confirmAsFinancialAdmin');
    expect(confirmationActions(kind, waiting, both)).toEqual(['confirmByConsultant']);
    expect(confirmationActions(kind, { ...waiting, consultantConfirmation: step }, both)).toEqual(['confirmByFinancialAdmin']);
  });

  it('offers the general confirm, edit and delete while waiting, reverse once confirmed, nothing once reversed', () => {
    const finance = can('deposits.confirm', 'deposits.create', 'finance.manage');
    for (const kind of ['deposit', 'transfer'] as const) {
      expect(confirmationActions(kind, waiting, finance)).toEqual(['confirm', 'edit', 'delete']);
      expect(confirmationActions(kind, { ...waiting, state: 'confirmed' }, finance)).toEqual(['reverse']);
      expect(confirmationActions(kind, { ...waiting, state: 'reversed' }, finance)).toEqual([]);
    }
  });

  it('says on a waiting record which step it already has', () => {
    renderInApp(<ConfirmationStateBadge record={{ ...waiting, financialAdminConfirmation: step }} />);
    expect(screen.getByText(/finance ✓/)).toBeTruthy();
  });
});
