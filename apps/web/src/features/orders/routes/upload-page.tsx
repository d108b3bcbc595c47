import { useEffect } from 'react';
import { Navigate } from 'react-router';
import { useCompany } from '../../../lib/company-context';
import { useOpenUpload } from '../../../lib/upload-order-context';

/** `/shops/{id}/upload` (spec §2): the upload dialog over the orders list. */
export default function UploadPage() {
  const { basePath } = useCompany();
  const openUpload = useOpenUpload();
  useEffect(() => openUpload?.(), [openUpload]);
  return <Navigate to={`${basePath}/orders`} replace />;
}
