import { zodResolver } from '@hookform/resolvers/zod';
import { registerSchema, type RegisterInput } from '@shop/shared';
import { useForm } from 'react-hook-form';
import toast from 'react-hot-toast';
import { Link } from 'react-router';
import { TextField } from '../../../components/ui/text-field';
import { AuthCard } from './auth-card';

export function RegisterForm() {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegisterInput>({ resolver: zodResolver(registerSchema), mode: 'onTouched' });

  const onSubmit = handleSubmit(() => {
    toast.error('Registration is not open yet. Please try again soon.');
  });

  return (
    <AuthCard title="Join Us">
      <form onSubmit={onSubmit} noValidate className="space-y-2">
        <TextField
          label="Name"
          autoComplete="name"
          error={errors.name?.message}
          {...register('name')}
        />
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
          autoComplete="new-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <button type="submit" className="btn btn-primary mt-4 w-full">
          Register
        </button>
      </form>
      <p className="text-center text-sm">
        Already have an account?{' '}
        <Link to="/login" className="link link-primary font-semibold">
          Please Login
        </Link>
      </p>
    </AuthCard>
  );
}
