import { useMutation } from '@tanstack/react-query';
import { resendConfirmation } from './resend-confirmation';

export const useResendConfirmation = () => useMutation({ mutationFn: resendConfirmation });
