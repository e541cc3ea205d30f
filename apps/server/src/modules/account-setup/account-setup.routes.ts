import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../config';
import type { Services } from '../../services';
import { captchaRoutes } from '../captcha/captcha.routes';
import { activationRoutes } from './activation.routes';
import { registrationRoutes } from './registration.routes';

/** Every call of the account set-up pages: the captcha, registration, activation, reset and helpers. */
export function accountSetupRoutes(app: FastifyInstance, deps: { services: Services; config: AppConfig }) {
  captchaRoutes(app, deps);
  registrationRoutes(app, deps);
  activationRoutes(app, deps);
}
