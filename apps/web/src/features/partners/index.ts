/**
 * The partners feature's public pieces. Other features must not import features (ARCHITECTURE §2), so the
 * app layer composes them, e.g. hands `SupplierPicker` to the upload dialog.
 */
export { suppliersQueryOptions, useSuppliers } from './api/get-suppliers';
export { partnerKeys } from './api/keys';
export { CREATE_SUPPLIER_TEXT, CreateSupplierDialog } from './components/create-supplier-dialog';
export { filterSuppliers, SUPPLIER_LIST_HEIGHT_PX, SupplierPicker } from './components/supplier-picker';
