import { zodResolver } from '@hookform/resolvers/zod';
import { loginSchema, type LoginInput } from '@shop/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { AuthCard } from './auth-card';

export function LoginForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginInput>({ resolver: zodResolver(loginSchema), mode: 'onTouched' });

  const onSubmit = handleSubmit(() => {
    toast.error('Signing in is not open yet. Please try again soon.');
  });

  return (
    <AuthCard title="Login">
      <form onSubmit={onSubmit} noValidate className="space-y-2">
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="btn btn-primary mt-4 w-full">
          Login
        </button>
      </form>
      <p className="text-center text-sm">
        New to CaseForge?{' '}
        <Link to="/register" className="link link-primary font-semibold">
          Please Registered
        </Link>
      </p>
    </AuthCard>
  );
}
