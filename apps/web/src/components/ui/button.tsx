import { type ButtonHTMLAttributes, forwardRef } from 'react';
import { cn } from '../../lib/cn';
import { Spinner } from './spinner';

type TVariant = 'primary' | 'secondary' | 'ghost' | 'danger';
type TSize = 'sm' | 'md' | 'lg';

const variants: Record<TVariant, string> = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60',
  secondary: 'bg-white text-slate-800 border border-slate-300 hover:bg-slate-50 disabled:text-slate-400',
  ghost: 'text-slate-700 hover:bg-slate-100 disabled:text-slate-400',
  danger: 'bg-red-600 text-white hover:bg-red-700 disabled:bg-red-600/60',
};
const sizes: Record<TSize, string> = {
  sm: 'h-8 px-3 text-[13px]',
  md: 'h-10 px-4 text-sm',
  lg: 'h-11 px-5 text-base',
};

/** Class names of a button, for links styled as buttons. */
export function buttonClass(variant: TVariant = 'primary', size: TSize = 'md', extra?: string): string {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium whitespace-nowrap transition-colors',
    'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed',
    variants[variant],
    sizes[size],
    extra,
  );
}

export type TButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: TVariant;
  size?: TSize;
  loading?: boolean;
};

export const Button = forwardRef<HTMLButtonElement, TButtonProps>(function Button(
  {
    variant = 'primary',
    size = 'md',
    loading = false,
    className,
    children,
    disabled,
    type = 'button',
    ...rest
  },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClass(variant, size, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size={16} label="" /> : null}
      {children}
    </button>
  );
});
