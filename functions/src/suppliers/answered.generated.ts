// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/suppliers';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getAllVisibleSuppliersWithConsumerRequests, () => import('./operations/consumer.ts'), 'answerGetAllVisibleSuppliersWithConsumerRequests', undefined),
  gathered(c0.supplierApprovalSupplierDetails, () => import('./operations/consumer.ts'), 'answerSupplierApprovalSupplierDetails', undefined),
  gathered(c0.supplierApprovalGetTermsAndConditions, () => import('./operations/consumer.ts'), 'answerSupplierApprovalGetTermsAndConditions', undefined),
  gathered(c0.supplierApprovalAcceptTermsAndConditions, () => import('./operations/consumer.ts'), 'answerSupplierApprovalAcceptTermsAndConditions', undefined),
  gathered(c0.consumerToSupplierRequests, () => import('./operations/consumer.ts'), 'answerConsumerToSupplierRequests', undefined),
  gathered(c0.getLinkedSuppliersByConsumer, () => import('./operations/consumer.ts'), 'answerGetLinkedSuppliersByConsumer', undefined),
  gathered(c0.changeConsumerSupplierMappingStatusFromConsumerSide, () => import('./operations/consumer.ts'), 'answerChangeConsumerSupplierMappingStatusFromConsumerSide', undefined),
  gathered(c0.jumplogin, () => import('./operations/consumer.ts'), 'answerJumplogin', undefined),
  gathered(c0.getSupplierCategories, () => import('./operations/offering.ts'), 'answerGetSupplierCategories', undefined),
  gathered(c0.getWebsiteOwnSuppliers, () => import('./operations/offering.ts'), 'answerGetWebsiteOwnSuppliers', undefined),
  gathered(c0.saveSupplierProfile, () => import('./operations/offering.ts'), 'answerSaveSupplierProfile', undefined),
  gathered(c0.getApiConsumers, () => import('./operations/supplier.ts'), 'answerGetApiConsumers', undefined),
  gathered(c0.supplierConsumers, () => import('./operations/supplier.ts'), 'answerSupplierConsumers', undefined),
  gathered(c0.getApiCustomerRequests, () => import('./operations/supplier.ts'), 'answerGetApiCustomerRequests', undefined),
  gathered(c0.consumerToSupplierRequestsBasedOnSupplierId, () => import('./operations/supplier.ts'), 'answerConsumerToSupplierRequestsBasedOnSupplierId', undefined),
  gathered(c0.changeApiCustomerRequestStatus, () => import('./operations/supplier.ts'), 'answerChangeApiCustomerRequestStatus', undefined),
  gathered(c0.changeConsumerSupplierRequestStatus, () => import('./operations/supplier.ts'), 'answerChangeConsumerSupplierRequestStatus', undefined),
  gathered(c0.setFlightHoldSetting, () => import('./operations/supplier.ts'), 'answerSetFlightHoldSetting', undefined),
  gathered(c0.setFlightSearchSetting, () => import('./operations/supplier.ts'), 'answerSetFlightSearchSetting', undefined),
  gathered(c0.setLERelationConfig, () => import('./operations/supplier.ts'), 'answerSetLERelationConfig', undefined),
];
