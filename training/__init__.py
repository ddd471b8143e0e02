"""Lightning training: stages, data, augmentation, optimizers."""
