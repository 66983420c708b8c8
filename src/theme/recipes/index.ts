import { badge } from './badge'
import { button } from './button'
import { panel } from './panel'

export const recipes = { button, badge }
export const slotRecipes = { panel }
