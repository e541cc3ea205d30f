// The sign-in steps' contract now lives in packages/shared (the web app validates with it too);
// the routes keep importing it from here.
export {
  ZLoginNameBody,
  ZLoginResponse,
  ZPincodeMethod,
  ZPinRequired,
  ZPreloginResponse,
  ZResendPinResponse,
  ZTroubleSigningInResponse,
  ZUpdateMobileRequest,
  ZUpdateMobileResponse,
} from '@settle/shared/auth-steps';
