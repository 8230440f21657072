import { useQuery } from '@tanstack/react-query';
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Filler,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  RadarController,
  RadialLinearScale,
  Tooltip,
  type ChartType,
} from 'chart.js';
import { Chart } from 'react-chartjs-2';
import Box from '@mui/material/Box';
import { useTheme, type Theme } from '@mui/material/styles';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { CHART_TYPES } from '@mdis/shared';
import { api } from '../../../platform/api/apiClient';
import { errorMessage } from '../../../platform/api/ApiError';
import { chartListQuery, toSeries, type ChartRequest } from './chartData';
import { numberSetting, textSetting } from './settingValues';
import type { WidgetProps } from './widgetTypes';

// Chart.js is tree-shaken: every chart type needs its controller, elements and scales registered.
ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  DoughnutController,
  LineController,
  PieController,
  RadarController,
  CategoryScale,
  Filler,
  Legend,
  LinearScale,
  LineElement,
  PointElement,
  RadialLinearScale,
  Tooltip,
);

const PALETTE = ['#03A9F4', '#FF9800', '#4CAF50', '#E91E63', '#9C27B0', '#009688', '#795548', '#607D8B'];
const PER_SLICE: readonly string[] = ['pie', 'doughnut'];

/** Text and grid lines in the theme's colours: Chart.js's defaults are unreadable on the dark theme. */
function chartOptions(type: ChartType, theme: Theme) {
  const color = theme.palette.text.secondary;
  const grid = { color: theme.palette.divider };
  const scales =
    type === 'radar'
      ? { r: { grid, angleLines: grid, pointLabels: { color }, ticks: { color, backdropColor: 'transparent' } } }
      : PER_SLICE.includes(type)
        ? {}
        : { x: { grid, ticks: { color } }, y: { grid, ticks: { color } } };
  return { animation: false, maintainAspectRatio: false, responsive: true, color, scales } as const;
}

function chartRequest(settings: Record<string, unknown>): ChartRequest {
  return {
    model: textSetting(settings, 'model'),
    xColumn: textSetting(settings, 'xColumn'),
    yColumn: textSetting(settings, 'yColumn'),
    pointsCount: numberSetting(settings, 'pointsCount', 20),
    queryFilter: textSetting(settings, 'queryFilter'),
  };
}

/** A Chart.js chart of a model's y column over its x column (line, pie, bar, radar, doughnut). */
export function SimpleChartWidget({ widget }: WidgetProps) {
  const theme = useTheme();
  const request = chartRequest(widget.extraSettings);
  const typeSetting = textSetting(widget.extraSettings, 'chartType');
  const type: ChartType = (CHART_TYPES as readonly string[]).includes(typeSetting) ? (typeSetting as ChartType) : 'bar';
  const configured = request.model !== '' && request.xColumn !== '' && request.yColumn !== '';
  const data = useQuery({
    queryKey: ['user', 'dashboard', 'chart', request],
    queryFn: async () =>
      (await api.get<{ items?: Record<string, unknown>[] }>('global', chartListQuery(request))).items ?? [],
    enabled: configured,
  });
  if (!configured)
    return (
      <Typography variant="body2" color="text.secondary">
        Choose a table and its columns in the settings of this widget.
      </Typography>
    );
  if (data.isPending) return <LinearProgress aria-label="loading the chart" />;
  if (data.isError) return <Typography color="error">{errorMessage(data.error)}</Typography>;
  const { labels, values } = toSeries(data.data, request.xColumn, request.yColumn);
  const colors = PER_SLICE.includes(type) ? labels.map((_, i) => PALETTE[i % PALETTE.length]) : PALETTE[0];
  return (
    <Box sx={{ position: 'relative', height: 300 }} data-chart-type={type}>
      <Chart
        type={type}
        aria-label={`${type} chart of ${request.yColumn} by ${request.xColumn}`}
        role="img"
        data={{
          labels,
          datasets: [{ label: request.yColumn, data: values, backgroundColor: colors, borderColor: PALETTE[0] }],
        }}
        options={chartOptions(type, theme)}
      />
    </Box>
  );
}
