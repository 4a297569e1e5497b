import { z } from 'zod';
import { registerFieldLabels } from '../field-labels.ts';
import { entityId, epochSeconds, listResponse, okResponse, publicKey, textInput } from './common.ts';
import { type FileKind, extensionsOf } from './files.ts';
import { moneyAmount, moneyOrZero } from './finance.ts';

/**
 * Contracts (SPEC §3 Contract, §7 "Finance: contracts"; DESIGN §7 "Contracts"; docs/finance.md
 * "Contracts"): a student's school or university application or project, with its value (the
 * centre's profit), additional contracts (title, value) and a discount. Paid = the confirmed
 * deposits of type Contract for it, read from the ledger; balance = value + additional − discount −
 * paid. Money on the wire as everywhere in finance: a JSON number with at most two decimals.
 */
export const contractTypes = [
  'ApplicationForIndependentSchools',
  'ApplicationForUniversities',
  'ProjectsOrAcademicConferences',
] as const;
export type ContractType = (typeof contractTypes)[number];
export const contractType = z.enum(contractTypes);

export const CONTRACT_ADDITIONS_MAX = 50;
export const CONTRACT_TITLE_MAX = 200;

registerFieldLabels({
  contractId: { en: 'Contract', zh: '合同' },
  contractType: { en: 'Contract type', zh: '合同类型' },
  contractValue: { en: 'Contract value', zh: '合同金额' },
  additionalContracts: { en: 'Additional contracts', zh: '附加合同' },
  value: { en: 'Value', zh: '金额' },
});

/** One additional contract: a title and its value. */
export const additionalContractInput = z.strictObject({
  title: textInput().trim().min(1).max(CONTRACT_TITLE_MAX),
  value: moneyAmount,
});

const contractFields = {
  contractType,
  studentPublicKey: publicKey,
  /** The contract's own value: the centre's profit on it. */
  contractValue: moneyAmount,
  /** Additional contracts, in order; an edit sends the whole list (a row left out is removed). */
  additionalContracts: z.array(additionalContractInput).max(CONTRACT_ADDITIONS_MAX).default([]),
  /** Off the whole (value + additional); at most that total (checked by the server). */
  discountValue: moneyOrZero.default(0),
};
export const createContractBody = z.strictObject(contractFields);
export type CreateContractBody = z.infer<typeof createContractBody>;
export const editContractBody = z.strictObject({ contractId: entityId, ...contractFields });
export type EditContractBody = z.infer<typeof editContractBody>;
export const contractIdBody = z.strictObject({ contractId: entityId });
export const studentContractsQuery = z.strictObject({ studentPublicKey: publicKey });

// ————————————————————————————————————————————— the contract's file

/** A contract's file: one PDF or image, checked by content, downloaded through one-use links. */
export const contractFileKinds = ['pdf', 'png', 'jpeg', 'webp'] as const satisfies readonly FileKind[];
export type ContractFileKind = (typeof contractFileKinds)[number];
export const contractFileExtensions = extensionsOf(contractFileKinds);
/** The largest contract file: 10 MiB, as a deposit's receipt. */
export const CONTRACT_FILE_MAX_BYTES = 10 * 1024 * 1024;

export const contractFile = z.object({
  /** The name shown and offered on download; the stored file has a server-made name. */
  name: z.string(),
  kind: z.enum(contractFileKinds),
  sizeInBytes: z.number().int(),
  createMoment: epochSeconds,
});
export type ContractFile = z.infer<typeof contractFile>;

/** `uploadContractFile?name` (SPEC §7) names the contract it belongs to as well. */
export const uploadContractFileQuery = z.strictObject({
  contractId: entityId,
  name: textInput().trim().min(1).max(200).optional(),
});
export const contractFileSaved = okResponse.extend({ file: contractFile });
export const contractFileParams = z.strictObject({ id: entityId });
export const contractFileLink = z.object({
  /** A same-origin path a browser can open as a plain link until `expiresAt`; it works once. */
  url: z.string(),
  expiresAt: epochSeconds,
});
export const downloadContractFileQuery = z.strictObject({ ticket: textInput().min(20).max(100) });

// ————————————————————————————————————————————— answers

export const additionalContract = z.object({ title: z.string(), value: z.number() });

/** A contract as the lists and screens read it (named so beside the API's `contract`). */
export const contractRecord = z.object({
  contractId: entityId,
  contractType,
  studentPublicKey: publicKey,
  studentName: z.string(),
  consultantPublicKey: publicKey.nullable(),
  consultantName: z.string().nullable(),
  contractValue: z.number(),
  additionalContracts: z.array(additionalContract),
  /** Σ of the additional contracts' values. */
  additionalContractsValue: z.number(),
  discountValue: z.number(),
  /** value + additional − discount: what the student is to pay. */
  total: z.number(),
  /** Confirmed deposits of type Contract for it, net of reversals (from the ledger). */
  paid: z.number(),
  /** Deposits for it still waiting for confirmation (not money yet). */
  waiting: z.number(),
  /** total − paid: what is left to pay (negative when paid over). */
  balance: z.number(),
  /** Deposits recorded for it (waiting, confirmed or reversed): a contract with any is not deleted. */
  paymentCount: z.number().int(),
  file: contractFile.nullable(),
  createMoment: epochSeconds,
  createdByName: z.string().nullable(),
});
export type Contract = z.infer<typeof contractRecord>;
export const contractList = listResponse(contractRecord);
export const contractSaved = okResponse.extend({ contract: contractRecord });

/** `GetStudentsContractBalance`: a student's contracts and their sums. */
export const studentContractBalance = z.object({
  studentPublicKey: publicKey,
  studentName: z.string(),
  contracts: z.array(contractRecord),
  total: z.number(),
  paid: z.number(),
  waiting: z.number(),
  balance: z.number(),
});
export type StudentContractBalance = z.infer<typeof studentContractBalance>;
