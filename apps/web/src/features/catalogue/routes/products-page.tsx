import { useCompany } from '../../../lib/company-context';
import { ShopProducts } from '../components/shop-products';
import { SupplierProducts } from '../components/supplier-products';

/**
 * Products (spec §2): a supplier keeps its price list here; a shop sees its suppliers' products with their links
 * to its POS catalogue, and the prices that moved.
 */
export default function ProductsPage() {
  const { companyType } = useCompany();
  return companyType === 'suppliers' ? <SupplierProducts /> : <ShopProducts />;
}
