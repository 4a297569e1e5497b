// What other areas use of the classes area: a class filter (the centre's reports).
export { ClassSelect } from './components/class-select';
