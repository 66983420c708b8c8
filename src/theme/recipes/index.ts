import { badge } from './badge'
import { button } from './button'
import { column } from './column'
import { disc } from './disc'
import { optionCard } from './option-card'
import { panel } from './panel'

export const recipes = { button, badge, column, disc, optionCard }
export const slotRecipes = { panel }
