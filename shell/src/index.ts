// Async boundary: the federation runtime negotiates shared singletons before the root config runs.
import('./bootstrap');
