import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/SimpleGrid.layer.css';
import { AudienceBand } from '../components/audience-band';
import { FeatureGrid } from '../components/feature-grid';
import { Hero } from '../components/hero';
import { SignInCta } from '../components/sign-in-cta';

export function LandingPage() {
  return (
    <>
      <Hero />
      <FeatureGrid />
      <AudienceBand />
      <SignInCta />
    </>
  );
}
