export { normaliseMenuEntry, normaliseMenuList } from './normalise';
export { buildRoutes, resolveMenuPath, routeName } from './routes';
export type { BuildRoutesOptions, BuiltRoutes } from './routes';
export { PERMISSION_USAGE_ERROR, buildButtonMap, buttonKey, hasPermission } from './permissions';
export {
  FACE_LOGIN_METHOD,
  FACE_VERIFY_ENABLE,
  MENU_NOT_OPEN_MESSAGE,
  MENU_PAUSED_MESSAGE,
  USABLE_ENABLE_VALUES,
  isMenuUsable,
  menuEnableAction,
} from './enable';
export type { MenuEnableAction, MenuEnableOptions } from './enable';
export {
  HOME_SCREEN_NAMES,
  groupMenusByArea,
  homeScreenName,
  isUnitLikeLoginType,
  loginTypeArea,
  menuArea,
  toLoginType,
} from './areas';
export type { ButtonMap, ComponentRef, MenuArea, MenuEntry, MenuMeta, MenuRoute, RawMenuEntry } from './types';
