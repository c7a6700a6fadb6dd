/** CDK entry (cdk.json): `npx cdk synth -c stage=prod`; the stage defaults to dev. */
import { App, Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks } from 'cdk-nag';
import { definePlatform } from '../lib/platform.ts';

const app = new App();
definePlatform(app, (app.node.tryGetContext('stage') as string | undefined) ?? 'dev');
// cdk-nag 3 is a validation plugin: unacknowledged errors fail the synth.
Validations.of(app).addPlugins(new AwsSolutionsChecks(app));
