// Derived by `npm run derive` (scripts/derive/bindings.ts) from the answers exported in this folder: do not edit.
import * as c0 from '@tp/contracts/endpoints/master';
import { gathered, type Operation } from '#lib/http';

export const answered = (): Operation[] => [
  gathered(c0.getAirports, () => import('./service.ts'), 'answerGetAirports', undefined),
  gathered(c0.getCountryList, () => import('./service.ts'), 'answerGetCountryList', undefined),
  gathered(c0.getPhoneCodeList, () => import('./service.ts'), 'answerGetPhoneCodeList', undefined),
  gathered(c0.getNationalities, () => import('./service.ts'), 'answerGetNationalities', undefined),
  gathered(c0.getAirlinesStaticData, () => import('./service.ts'), 'answerGetAirlinesStaticData', undefined),
  gathered(c0.getCountries, () => import('./service.ts'), 'answerGetCountries', undefined),
  gathered(c0.getStates, () => import('./service.ts'), 'answerGetStates', undefined),
  gathered(c0.getCities, () => import('./service.ts'), 'answerGetCities', undefined),
  gathered(c0.getDbCities, () => import('./service.ts'), 'answerGetDbCities', undefined),
];
