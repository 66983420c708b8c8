import { badge } from './badge'
import { button } from './button'
import { buttonRow } from './button-row'
import { column } from './column'
import { disc } from './disc'
import { optionCard } from './option-card'
import { panel } from './panel'

export const recipes = { button, buttonRow, badge, column, disc, optionCard }
export const slotRecipes = { panel }
