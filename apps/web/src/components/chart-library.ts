// The chart library and its styles, loaded only by deferred-chart.tsx's dynamic import: recharts
// (≈ 125 KiB gzip) is not part of any page's first chunk.
import '@mantine/charts/styles.layer.css';

export { BarChart, LineChart } from '@mantine/charts';
